/// A figure that may not have been measured, written to JSON as its value or as `null`, never left out.
///
/// Synthesized `Codable` leaves a `nil` optional's key out (`encodeIfPresent`); the bench's readers expect every key,
/// `null` for what a run could not measure. Wrapping the optional makes the synthesized code encode the wrapper,
/// which always writes itself:
///
/// ```swift
/// struct Figures: Codable {
///     @Measured var gapMilliseconds: Double?  // {"gapMilliseconds": null} when nil
/// }
/// ```
@propertyWrapper
package struct Measured<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The figure, `nil` when it was not measured.
    package var wrappedValue: Value?

    /// Wraps a figure.
    /// - Parameter wrappedValue: The figure, `nil` when it was not measured.
    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads a figure or `null`.
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Writes the figure, or `null` when it was not measured.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}
