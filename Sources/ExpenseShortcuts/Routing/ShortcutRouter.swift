import ExpenseCore
import ExpenseSupport
import PropertyList

/// Finds the quick action a type names and resolves it to a route, or says clearly why not:
/// an unknown type (with the known ones and a did-you-mean), a disabled item (with its message),
/// or an action this build cannot handle.
public struct ShortcutRouter: Sendable {
    public let shortcuts: ShortcutSet
    public let appID: String
    /// Every action a type can name, by its name: the app's table, which knows its commands.
    public let actions: [ShortcutAction]

    public init(shortcuts: ShortcutSet, appID: String, actions: [ShortcutAction]) {
        self.shortcuts = shortcuts
        self.appID = appID
        self.actions = actions
    }

    /// - Parameters:
    ///   - info: `--info key=value` pairs; they override the item's userInfo.
    ///   - arguments: the words after the type, passed on to the command.
    ///   - currentReport: the current trip, for actions that default to it.
    public func route(
        _ type: String, info: [(key: String, value: String)] = [], arguments: [String] = [],
        currentReport: Int64? = nil
    ) throws(ExpenseError) -> ShortcutRoute {
        let item = try enabledItem(type)
        let action = try self.action(for: item)
        var parameters = item.userInfo
        for (key, value) in info { parameters[key] = .string(value) }
        if action.defaultsToCurrentReport, parameters["report"] == nil, let currentReport {
            parameters["report"] = .integer(currentReport)
        }
        return ShortcutRoute(item: item, action: action, parameters: parameters, arguments: arguments)
    }

    /// The enabled item of `type`; unknown and disabled types are errors.
    public func enabledItem(_ type: String) throws(ExpenseError) -> ShortcutItem {
        guard let entry = shortcuts.entry(type) else { throw unknownType(type) }
        guard entry.isEnabled else {
            throw ExpenseError(
                .unavailable, .launchDisabled(type: type, isStatic: entry.kind == .static),
                "the quick action '\(entry.item.title)' (\(type)) is disabled"
                    + (entry.disabledMessage.map { ": \($0)" } ?? ""))
        }
        return entry.item
    }

    /// The action of an item: the last component of its type after the app id.
    public func action(for item: ShortcutItem) throws(ExpenseError) -> ShortcutAction {
        let prefix = appID + "."
        guard item.type.hasPrefix(prefix), item.type.count > prefix.count else {
            throw ExpenseError(
                .unavailable, .foreignAppID,
                "the quick action \(item.type) is not one of this app's: its type does not start with the app id '\(appID)'")
        }
        let name = String(item.type.dropFirst(prefix.count).split(separator: ".").last ?? "")
        guard let action = actions.first(where: { $0.name == name }) else {
            let suggestion = Suggestion.closest(to: name, among: actions.map(\.name))
            throw ExpenseError(
                .unavailable, "the quick action \(item.type) names the action '\(name)', which expenses does not have",
                hint: (suggestion.map { "did you mean '\($0)'? " } ?? "")
                    + "The actions are " + actions.map(\.name).joined(separator: ", ") + ".")
        }
        return action
    }

    private func unknownType(_ type: String) -> ExpenseError {
        let known = shortcuts.entries().map(\.item.type)
        var suggestion = Suggestion.closest(to: type, among: known)
        if suggestion == nil {
            // `showReports` alone, or another app id: match on the last component.
            let last = type.split(separator: ".").last.map(String.init) ?? type
            suggestion =
                known.first { $0.split(separator: ".").last.map(String.init) == last }
                ?? Suggestion.closest(to: last, among: known.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
                .flatMap { name in known.first { $0.hasSuffix("." + name) } }
        }
        let list = known.isEmpty ? "there are none" : "the known types are " + known.joined(separator: ", ")
        return ExpenseError(
            .usage, "unknown quick action type '\(type)'",
            hint: (suggestion.map { "did you mean '\($0)'? " } ?? "") + list.prefix(1).uppercased() + list.dropFirst() + ".")
    }
}
