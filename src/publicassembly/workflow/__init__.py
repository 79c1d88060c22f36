"""Shared machinery of the workflow apps (permits, venues, enforcement, accounts).

- `publicassembly.workflow.errors`: `WorkflowError` and its kinds (Django-free).
- `publicassembly.workflow.models`: `TownScoped` (town FK + ``.for_town(town)``), `Versioned` (optimistic
  locking), `save_versioned`.
- `publicassembly.workflow.access`: `require_role`, `roles_of`, `get_in_town`.
- `publicassembly.workflow.states`: `StateMachine` (declarative transitions) and `transition`.
- `publicassembly.workflow.timeline`: `timeline` — who did what, when and why, from the history.

Importing this package does not import Django; its submodules (except ``errors``) need a configured Django.
"""
