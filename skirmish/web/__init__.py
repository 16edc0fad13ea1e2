"""The club's web app (issue #11): ``skirmish serve``, pages and ``/api/v1`` on the services."""
