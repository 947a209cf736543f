/// A subject of `expenses help TOPIC` that is no command: the rules file's syntax, the policy,
/// quick actions, exit codes. Written once as blocks, shown wrapped on a terminal
/// (`HelpTopic+Terminal.swift`) and in the manual pages (`ManualPages.swift`), so that the binary
/// alone says everything its commands need.
public struct HelpTopic: Sendable {
    /// The word after `help`.
    public let name: String
    /// One line for `help`'s list of topics and the manual page's NAME line.
    public let abstract: String
    /// Made when the topic is shown, not when the command language is built at every start: a
    /// topic may compute an example (help per-diem's tables read the whole BMF table, 25 ms).
    private let makeBlocks: @Sendable () -> [HelpBlock]
    public var blocks: [HelpBlock] { makeBlocks() }

    public init(_ name: String, abstract: String, blocks: @escaping @autoclosure @Sendable () -> [HelpBlock]) {
        self.name = name
        self.abstract = abstract
        makeBlocks = blocks
    }
}

/// A piece of a topic's text.
public enum HelpBlock: Sendable, Equatable {
    /// Running text, wrapped to the width it is shown at.
    case paragraph(String)
    /// A heading that starts a part of the topic ("DIRECTIVES").
    case heading(String)
    /// Terms with what each means: directives, exit codes, rules.
    case terms([HelpTerm])
    /// Lines shown exactly as they are: a file's text, commands to type.
    case example(String)
}

public struct HelpTerm: Sendable, Equatable {
    public let term: String
    public let text: String

    public init(_ term: String, _ text: String) {
        self.term = term
        self.text = text
    }
}

/// Every topic, in the order `help` lists them.
public enum HelpTopics {
    public static let all: [HelpTopic] = [rules, policy, perDiem, payments, booking, quickActions, exitCodes]

    public static func named(_ name: String) -> HelpTopic? { all.first { $0.name == name } }
}
