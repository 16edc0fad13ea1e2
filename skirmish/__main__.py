"""``python -m skirmish`` runs the command line, as the ``skirmish`` console script does."""

from skirmish.cli.entry import main

main()
