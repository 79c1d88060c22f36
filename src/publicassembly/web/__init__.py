"""The web application: the pages of the public, applicants, the Town Clerk and Board, the Building Inspector
and enforcement officers, over the workflow services and the law core (no legal logic here)."""
