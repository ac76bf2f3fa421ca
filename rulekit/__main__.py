"""``python -m rulekit`` and the ``rulekit`` console script.

The command is imported inside :func:`run`, so that a Ctrl-C while Python
loads it ends quietly with status 130, as it does anywhere else.
"""


def run():
    try:
        from rulekit.cli import main
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    return main()


if __name__ == "__main__":
    run()
