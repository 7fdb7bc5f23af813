class ArbiterError(Exception):
    """Base of every error Arbiter raises on purpose."""
