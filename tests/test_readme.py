"""The README's generated parts stay in step with the code."""
import os

from layoutpdf import settings_doc

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_setting_is_documented():
    assert settings_doc.undocumented() == []


def test_readme_settings_reference_is_current():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    assert settings_doc.replace_block(readme) == readme, \
        "README settings table is stale: run python -m layoutpdf.settings_doc --write README.md"


def test_readme_quickstart_has_the_two_commands():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    assert 'pip install -e ".[all]" && layoutpdf demo' in readme
    assert "bash scripts/test.sh" in readme
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as fh:
        assert "scripts/test.sh" in fh.read()
