"""Thin typer front end: parse options, call one service or engine function, render."""
