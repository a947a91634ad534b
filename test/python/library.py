"""The distribution under test, imported by module name.

``from library import OssBackend`` reads as ``from cdktf_state_backends import OssBackend`` does in
user code. The module comes from ``STATE_BACKENDS_MODULE`` (default ``cdktf_state_backends``) so the
same suite can test another flavour of the package (``cdktn_state_backends``); ``cdk`` is the CDK
it was built against (``STATE_BACKENDS_CDK_MODULE``, default ``cdktf``).
"""
import importlib
import os

MODULE = os.environ.get("STATE_BACKENDS_MODULE", "cdktf_state_backends")
CDK_MODULE = os.environ.get("STATE_BACKENDS_CDK_MODULE", "cdktf")

_module = importlib.import_module(MODULE)
cdk = importlib.import_module(CDK_MODULE)

__all__ = ["cdk", "MODULE", "CDK_MODULE", *_module.__all__]
globals().update({name: getattr(_module, name) for name in _module.__all__})
