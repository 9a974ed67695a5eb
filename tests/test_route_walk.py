"""tools/route_walk.py, the count behind #39's route measure, on a made-up ``opprop`` package whose route is known: a
finding made in a forked child, carried back, and written; a helper that never sees one is entered but off the route."""
import json
import textwrap

from tools import route_walk

PACKAGE = {
    "__init__.py": "",
    "__main__.py": "from opprop.cli import main\nmain()\n",
    "findings.py": "class Finding:\n    def __init__(self, name):\n        self.name = name\n",
    "cli.py": textwrap.dedent("""
        import os, sys
        from opprop.findings import Finding

        def helper():
            return 2

        def make():
            helper()
            return Finding("x")

        def write(found, path):
            open(path, "w").write(found.name)

        def in_child():
            make()

        def main():
            pid = os.fork()
            if pid == 0:
                in_child()
                os._exit(0)
            os.waitpid(pid, 0)
            write(make(), sys.argv[1])
        """),
}


def test_the_route_is_where_a_finding_passes_and_the_calls_under_it_in_every_process(tmp_path, monkeypatch):
    source = tmp_path / "tree"
    (source / "opprop").mkdir(parents=True)
    for name, text in PACKAGE.items():
        (source / "opprop" / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    assert route_walk.main(["--source", str(source), "--out", "walk.json", "--", "written.txt"]) == 0
    walk = json.loads((tmp_path / "walk.json").read_text())
    assert (tmp_path / "written.txt").read_text() == "x"
    assert walk["data"]["by_file"] == {"cli.py": ["make", "write"], "findings.py": ["__init__"]}  # a method's self is one
    assert walk["route"]["by_file"] == {"cli.py": ["in_child", "main", "make", "write"], "findings.py": ["__init__"]}
    assert walk["entered"]["by_file"] == {"cli.py": ["helper", "in_child", "main", "make", "write"], "findings.py": ["__init__"]}
    assert walk["route"]["processes"] == 2 and walk["entered"]["processes"] == 2
