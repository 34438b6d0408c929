"""The collector policy during a parse: raised, then the application's own restored."""
from __future__ import annotations

import gc
import threading

import os

import layoutpdf
from layoutpdf import gcpolicy

TWO_COLUMN = os.path.join(os.path.dirname(__file__), "fixtures", "pdfs", "two_column.pdf")


def test_threshold_is_raised_during_a_parse_and_restored_after():
    before = gc.get_threshold()
    seen = []
    original = gcpolicy.gc.get_threshold

    def spy_stage(doc, settings):
        seen.append(original())
        return doc

    from layoutpdf import pipeline
    stages = pipeline.STAGES
    pipeline.STAGES = stages + (("spy", spy_stage),)
    try:
        layoutpdf.parse(TWO_COLUMN)
    finally:
        pipeline.STAGES = stages
    assert seen and seen[0][0] == gcpolicy.YOUNG_THRESHOLD
    assert gc.get_threshold() == before


def test_a_disabled_or_higher_setting_is_left_alone():
    before = gc.get_threshold()
    try:
        gc.set_threshold(0)
        with gcpolicy.relaxed():
            assert gc.get_threshold()[0] == 0
        gc.set_threshold(50_000, 10, 10)
        with gcpolicy.relaxed():
            assert gc.get_threshold()[0] == 50_000
        assert gc.get_threshold() == (50_000, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_concurrent_parses_restore_the_setting_once():
    before = gc.get_threshold()
    inside = threading.Barrier(2)
    errors = []

    def work():
        try:
            with gcpolicy.relaxed():
                inside.wait(timeout=10)
                assert gc.get_threshold()[0] == gcpolicy.YOUNG_THRESHOLD
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert gc.get_threshold() == before
