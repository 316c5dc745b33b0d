// One JSON decoder and encoder for the module: creating a JSONDecoder costs more than decoding a small
// header with it, and tokens are verified on hot paths. Foundation's coders are safe to share across
// threads when their configuration is not changed after creation, which these never are.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum SharedCoders {
    nonisolated(unsafe) static let decoder = JSONDecoder()

    nonisolated(unsafe) static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
