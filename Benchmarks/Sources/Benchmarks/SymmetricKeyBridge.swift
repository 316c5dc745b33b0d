// PureSHA2's SymmetricKey under a name that does not clash with swift-crypto's in files importing both.

import PureSHA2

func PureSHA2SymmetricKey(_ bytes: [UInt8]) -> PureSHA2.SymmetricKey { PureSHA2.SymmetricKey(data: bytes) }
