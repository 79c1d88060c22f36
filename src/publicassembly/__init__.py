"""publicassembly: town laws on public assemblies as code, and the processes that run them."""

__version__ = "0.1.0"
