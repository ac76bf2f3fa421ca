"""The templates of the balance tools' drawings (the strength curve as SVG)."""
