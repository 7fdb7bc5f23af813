"""``python -m codex`` is the ``arbiter`` CLI."""
from codex.cli import main

if __name__ == "__main__":
    main()
