"""Guards for the whole suite (tests/ and integration_tests/).

A test runs inside the one pytest process that later starts Chromium and Ray nodes. A test
that leaves that process with a lower address-space limit (RLIMIT_AS, e.g. through
`cli.main([... "--in-process"])`) makes those programs die at start-up many files later,
far from the cause; so the limit a test found is the limit it must leave.
"""
import pytest

try:
    import resource
except ImportError:   # Windows: no such limit
    resource = None


@pytest.fixture(autouse=True)
def _address_space_limit_unchanged():
    before = resource.getrlimit(resource.RLIMIT_AS) if resource else None
    yield
    if resource is not None:
        after = resource.getrlimit(resource.RLIMIT_AS)
        if after != before:
            resource.setrlimit(resource.RLIMIT_AS, before)   # so later tests run as designed
            pytest.fail(f"this test left the process's RLIMIT_AS at {after} (was {before})")
