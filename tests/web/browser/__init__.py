"""The web app in a real browser at phone size (issue #11): Playwright drives Debian's chromium."""
