"""``pytest -p benchmarks.schema_check_plugin``: every test's call phase under PyTorch's SchemaCheckMode (the peer the plugin part compares with)."""
import pytest
from torch._subclasses.schema_check_mode import SchemaCheckMode


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with SchemaCheckMode():
        return (yield)
