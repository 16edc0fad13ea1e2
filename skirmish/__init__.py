"""skirmish: campaign manager and dice engine for "Per qualche dado in più"."""

__version__ = "0.1.0"
