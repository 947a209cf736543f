import PropertyList

/// A quick action resolved for running: the item, its action, and the command words it becomes.
public struct ShortcutRoute: Equatable, Sendable {
    public let item: ShortcutItem
    public let action: ShortcutAction
    /// The item's userInfo with `--info` overrides applied (and the current trip filled in).
    public let parameters: PropertyListDictionary
    /// The words given after the type on the command line, passed on as they are.
    public let arguments: [String]

    public init(item: ShortcutItem, action: ShortcutAction, parameters: PropertyListDictionary, arguments: [String]) {
        self.item = item
        self.action = action
        self.parameters = parameters
        self.arguments = arguments
    }

    /// The report the action is about, when its parameters name one.
    public var reportID: Int64? { parameters["report"]?.scalarText.flatMap { Int64($0) } }

    /// The command line to run: the action's command, then the parameters (positional ones in
    /// order, the others as `--kebab-case value`), then the arguments.
    public func words() throws(RouteError) -> [String] {
        var words = action.command
        for key in action.positional {
            guard let value = parameters[key] else { continue }
            guard let text = value.scalarText else { throw .notAWord(key: key, type: value.typeDescription) }
            words.append(text)
        }
        for entry in parameters.entries where !action.positional.contains(entry.key) {
            let option = "--" + Self.optionName(entry.key)
            switch entry.value {
            case .boolean(let on):
                if on { words.append(option) }
            case .array(let values):
                for value in values {
                    guard let text = value.scalarText else { throw .notAWord(key: entry.key, type: value.typeDescription) }
                    words += [option, text]
                }
            default:
                guard let text = entry.value.scalarText else { throw .notAWord(key: entry.key, type: entry.value.typeDescription) }
                words += [option, text]
            }
        }
        return words + arguments
    }

    /// The option a userInfo key names: `paidBy` and `paid-by` are both `paid-by`.
    public static func optionName(_ key: String) -> String {
        var name = ""
        for character in key {
            if character.isUppercase, !name.isEmpty, name.last != "-" { name.append("-") }
            name += character == "_" ? "-" : character.lowercased()
        }
        return name
    }

    public enum RouteError: Error, Equatable {
        /// A parameter whose value cannot be one command-line word (a dictionary, data).
        case notAWord(key: String, type: String)
    }
}
