import ExpenseShortcuts
import ExpenseSupport

/// `--info key=value`: a parameter of a quick action's command, as `shortcuts add` stores it in
/// the item's userInfo and a launch passes it over the item's own.
struct ShortcutParameter: ExpressibleByArgument, Equatable {
    let key: String
    let value: String

    init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    init(argument: String, in context: Void) throws {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw InvalidArgument.expected("expected key=value")
        }
        self.init(key: String(argument[..<equals]), value: String(argument[argument.index(after: equals)...]))
    }

    static var valueName: String { "key=value" }

    /// The word it is read from.
    var word: String { "\(key)=\(value)" }
}

/// A system icon by its name, loosely (`capture-photo` is `capturePhoto`): a name it does not
/// know is data, with the nearest name.
extension SystemIcon: ExpressibleByArgument {
    public init(argument: String, in context: Void) throws {
        guard let icon = SystemIcon(loosely: argument) else {
            let suggestion = Suggestion.closest(to: argument, among: SystemIcon.allCases.map(\.rawValue))
            throw ExpenseError(
                .invalidData, "unknown icon '\(argument)'",
                hint: (suggestion.map { "did you mean '\($0)'? " } ?? "") + "'expenses shortcuts icons' lists them")
        }
        self = icon
    }

    public static var valueName: String { "name" }
    /// Read loosely, so not a closed set of words; TAB offers the exact names.
    public static var allowedValues: [String]? { nil }
    public static var completion: CompletionSource { .values(allCases.map(\.rawValue)) }
}
