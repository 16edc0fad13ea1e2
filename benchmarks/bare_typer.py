"""A bare typer command with one option: the floor any typer CLI starts from (for comparison in
startup_bench.py)."""

import typer

app = typer.Typer()


@app.command()
def shoot(tiro: int = 3) -> None:
    print(tiro)


@app.command()
def other() -> None:
    print("other")


if __name__ == "__main__":
    app()
