// Foundation conveniences over PureBase64 for the JWT module.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64

enum Base64URLText {
    static func encode(_ data: Data) -> String { Base64URL.encode(data) }
    static func encode(_ bytes: [UInt8]) -> String { Base64URL.encode(bytes) }
}
