"""publicassembly: town laws on public assemblies as code, and the processes that run them."""

__version__ = "0.1.0"
#: The Towns' time zone (Carmel and Mount Pleasant, New York): their "today" in every interface (the web
#: application's TIME_ZONE; the command line's clock, `cli.app.towns_clock`).
TIME_ZONE = "America/New_York"
