"""Carmel ch. 31 public assembly permits: petitions, hearings, approvals, issuance, revocation, cleanup and bond."""
