"""Forms of the web pages: they parse and check what a person typed; the services and the law core decide."""
