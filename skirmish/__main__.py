"""``python -m skirmish`` runs the command line."""

from skirmish.cli.main import main

main()
