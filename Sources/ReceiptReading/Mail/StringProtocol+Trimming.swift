/// Header values come quoted and padded in ways a MIME value's grammar allows ("  text/html ",
/// `"iso-8859-1"`, `<id@host>`): the reader trims the characters each place allows, without
/// Foundation, which ReceiptReading does not import.
extension StringProtocol {
    /// Without the given characters at either end.
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        let start = drop { characters.contains($0) }
        return String(start.reversed().drop { characters.contains($0) }.reversed())
    }
}
