"""``config.idpaths``: a pair's ``id_paths`` read as parity prints them, and given to the
server they name tools of, for the call-time guard."""

from __future__ import annotations

from pathlib import Path

from parity.config.settings import load_config

CONFIG = """
[servers.wf]
stdio = "python -m examples.workflow.server"
[servers.idle]
stdio = "python -m examples.workflow.server"
[pairs.plan]
server = "wf"
id_paths = ["phases[].tools[]", "steps[]"]
[pairs.plan.agent]
tools_file = "plan.json"
[pairs.review]
server = "wf"
id_paths = ["phases.\\"tools\\"[]", "next"]
[pairs.review.agent]
tools_file = "review.json"
[pairs.solo]
id_paths = ["only[]"]
[pairs.solo.agent]
tools_file = "solo.json"
[pairs.solo.server]
tools_file = "server.json"
"""


def test_a_server_gets_the_id_paths_of_every_pair_it_serves(tmp_path: Path) -> None:
    file = tmp_path / "parity.toml"
    file.write_text(CONFIG, encoding="utf-8")
    config = load_config(file)
    wf = config.servers["wf"]
    # the union, each as parity prints it (one path written two ways counts once)
    assert wf.id_paths == ("next", "phases.tools[]", "phases[].tools[]", "steps[]")
    assert config.pairs["plan"].id_paths == ("phases[].tools[]", "steps[]")
    # both pairs name the same server value, the one in ``servers``
    assert config.pairs["plan"].server is wf and config.pairs["review"].server is wf
    assert config.servers["idle"].id_paths == ()
    # an inline server serves its own pair only
    assert config.pairs["solo"].server.id_paths == ("only[]",)
