"""Pure procedures of the rulebook: dice in, immutable result objects out (STYLE.md habit 2)."""
