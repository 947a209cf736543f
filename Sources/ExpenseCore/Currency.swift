/// An ISO 4217 currency: its code and how many minor digits its amounts carry.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public let code: String
    public let minorDigits: Int
    public let name: String

    public init(code: String, minorDigits: Int, name: String) {
        self.code = code
        self.minorDigits = minorDigits
        self.name = name
    }

    public var description: String { code }

    /// 10^minorDigits: how many minor units make one major unit.
    public var minorUnitsPerMajor: Int64 { Decimal10.power(minorDigits) }
}
