"""Core values every layer shares: call and tensor specs, argument descriptions, op names, the ledger, errors."""
