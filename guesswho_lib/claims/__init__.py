"""Every printed claim of the three papers, registered with a computational check.

:mod:`.registry` holds the framework (``@claim``, ``Check``, ``run_claim``); each other module here registers
the claims of one paper (or part of one) and holds nothing else.
"""

from .registry import CLAIM_MODULES, Check, Claim, Result, all_claims, claim, run_claim

__all__ = ["Check", "Claim", "claim", "all_claims", "run_claim", "Result", "CLAIM_MODULES"]
