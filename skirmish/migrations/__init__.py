"""Alembic migrations of the campaign store, shipped inside the package (see campaign.store)."""
