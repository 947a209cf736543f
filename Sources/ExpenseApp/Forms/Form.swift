import ExpenseCore
import ExpenseSupport

/// What a command asks for on a terminal when it was not given what it needs, as `gh pr create`
/// does: one field per line, a default in brackets where one makes sense (Enter takes it), TAB
/// completion, and each answer checked at once with the same words as the option's error, so
/// that a bad value is asked again rather than ending the command. Ctrl-C or Ctrl-D cancels the
/// whole form: the command does not run and nothing is written.
///
/// Without a terminal nothing is ever asked (`Session.lineReader` is nil there): the usage error
/// of the missing value stands.
public struct Form {
    /// One question: an option (`--amount`) or a positional argument (`<title>`) of the command,
    /// answered with a value of its type.
    public struct Field {
        /// The option's name, or the argument's.
        public let name: String
        public let label: String
        public let required: Bool
        /// Whether it is asked, given the answers so far (a rate only for another currency).
        var applies: (Answers) -> Bool = { _ in true }
        /// The label as the answers so far make it (a rate names its two currencies).
        var labelling: ((Answers) -> String)?
        /// The default shown in brackets, as it would be typed, given the answers so far.
        var suggestion: (Answers) -> String? = { _ in nil }
        /// TAB's candidates for what is typed so far.
        var completion: ((String) -> [String])?
        /// Reads an answer as the command reads its option (throwing the option's own error)
        /// into the value the command takes.
        var read: (String, Answers) throws -> any Sendable = { text, _ in text }
        /// The value the command line gave for it, read as the command reads it; nil when none.
        var given: (Invocation, Answers) throws -> (any Sendable)? = { _, _ in nil }

        /// A field that is no option of a command: its answer is the text typed.
        public init(_ name: String, _ label: String, required: Bool = false) {
            self.name = name
            self.label = label
            self.required = required
        }

        /// An option's field: its answer is read as the option's type reads a word, and becomes
        /// the option's value.
        public init<V: ExpressibleByArgument>(_ option: Option<V?>, _ label: String, required: Bool = false)
        where V.ArgumentContext == Void {
            self.init(option, label, required: required) { _ in () }
        }

        /// An option's field whose type reads a word in a context the answers so far give (an
        /// amount in the currency chosen).
        public init<V: ExpressibleByArgument>(
            _ option: Option<V?>, _ label: String, required: Bool = false,
            in context: @escaping (Answers) throws -> V.ArgumentContext
        ) {
            self.init(option.spec.name, label, required: required)
            let spec = option.spec
            read = { text, answers in try Invocation.read(text, as: V.self, in: try context(answers), label: spec.synopsis, path: []) }
            given = { invocation, answers in
                invocation.hasValue(forOptionNamed: spec.name) ? try invocation.value(of: spec, as: V.self, in: try context(answers)) : nil
            }
        }

        /// A positional argument's field.
        public init<V: ExpressibleByArgument>(_ argument: Argument<V>, _ label: String, required: Bool = false)
        where V.ArgumentContext == Void {
            self.init(argument.spec.name, label, required: required)
            let spec = argument.spec
            read = { text, _ in try Invocation.read(text, as: V.self, in: (), label: "<\(spec.name)>", path: []) }
            given = { invocation, _ in try invocation.value(of: spec, as: V.self) }
        }
    }

    /// The values given on the command line and answered so far, by field name, each of its
    /// field's type, with the word it was read from.
    public struct Answers {
        private var values: [String: any Sendable] = [:]
        /// The words the values were read from, for what keeps text (a receipt's draft).
        public private(set) var words: [String: String] = [:]

        public init() {}

        /// The value of an option's field.
        public subscript<V>(option: Option<V?>) -> V? { values[option.spec.name] as? V }

        /// The value of the field `name`, of type `V`.
        public func value<V>(_ name: String, as type: V.Type) -> V? { values[name] as? V }

        func has(_ name: String) -> Bool { values[name] != nil }

        mutating func set(_ value: any Sendable, word: String, for name: String) {
            values[name] = value
            words[name] = word
        }

        func value(_ name: String) -> (any Sendable)? { values[name] }
    }

    /// Said once before the first question.
    public let heading: String
    public let fields: [Field]

    public static let cancelled = ExpenseError(.refused, "cancelled", hint: "nothing was written")

    /// Asks for every field that `invocation` did not give, and stores the answers in it, as
    /// values of their options' types.
    /// - Throws: `Form.cancelled` on Ctrl-C or Ctrl-D; a given value's own error.
    public func fill(_ invocation: inout Invocation, reader: LineReader) throws {
        var given = Answers()
        for field in fields {
            if let value = try field.given(invocation, given) {
                given.set(value, word: word(field.name, of: invocation) ?? "", for: field.name)
            }
        }
        let answers = try ask(given: given, reader: reader)
        for field in fields where !given.has(field.name) {
            if let answer = answers.value(field.name) { invocation.store(answer, forName: field.name) }
        }
    }

    /// Asks for every field not in `given` that applies, in order.
    /// - Returns: `given` with the answers; an optional field left empty has none.
    /// - Throws: `Form.cancelled` on Ctrl-C or Ctrl-D.
    public func ask(given: Answers = Answers(), reader: LineReader) throws -> Answers {
        var answers = given
        var headed = false
        for field in fields where !answers.has(field.name) && field.applies(answers) {
            if !headed {
                Console.write(heading + " (Enter takes the [default]; Ctrl-C cancels)\n")
                headed = true
            }
            if let (word, value) = try ask(field, answers: answers, reader: reader) { answers.set(value, word: word, for: field.name) }
        }
        return answers
    }

    /// One field, asked until it has a good answer; nil for an optional field left empty.
    private func ask(_ field: Field, answers: Answers, reader: LineReader) throws -> (String, any Sendable)? {
        let suggestion = field.suggestion(answers)
        let label = field.labelling?(answers) ?? field.label
        let prompt = "  " + label + (suggestion.map { " [\($0)]" } ?? (field.required ? "" : " (optional)")) + ": "
        while true {
            switch reader.read(prompt: TerminalText.visible(prompt, keepingLineBreaks: false), completion: field.completion) {
            case .end:
                Console.write("\n")  // Ctrl-D leaves the cursor after the prompt
                throw Self.cancelled
            case .interrupted:
                throw Self.cancelled
            case .woken:
                continue
            case .line(let line):
                let typed = line.trimmingSpaces
                guard let text = typed.isEmpty ? suggestion : typed else {
                    if !field.required { return nil }
                    Console.error("expenses: error: \(label.lowercased()) is required\n")
                    continue
                }
                do {
                    return (text, try field.read(text, answers))
                } catch let error as ExpenseError {
                    Console.error(ErrorPresenter.lines(error, prefix: "expenses: error: "))
                } catch let error as UsageError {
                    Console.error("expenses: error: \(error.message)\n" + (error.hint.map { "hint: \($0)\n" } ?? ""))
                }
            }
        }
    }

    /// The word the command line gave for the option or argument `name`.
    private func word(_ name: String, of invocation: Invocation) -> String? {
        if let value = invocation.value(forOptionNamed: name) { return value }
        guard let position = invocation.spec.arguments.firstIndex(where: { $0.name == name }),
            position < invocation.arguments.count
        else { return nil }
        return invocation.arguments[position]
    }
}

extension Form.Field {
    /// The field with its default, completion and check set; each builder returns a copy.
    func suggesting(_ suggestion: @escaping (Form.Answers) -> String?) -> Self {
        var field = self
        field.suggestion = suggestion
        return field
    }

    func completing(_ completion: @escaping (String) -> [String]) -> Self {
        var field = self
        field.completion = completion
        return field
    }

    /// The field reading an answer its own way (a report by id or title, a last day not before
    /// the first): what `check` returns is the value the command takes.
    func checking<V: Sendable>(_ check: @escaping (String, Form.Answers) throws -> V) -> Self {
        var field = self
        field.read = { text, answers in try check(text, answers) }
        return field
    }

    func labelled(_ labelling: @escaping (Form.Answers) -> String) -> Self {
        var field = self
        field.labelling = labelling
        return field
    }

    func asked(when applies: @escaping (Form.Answers) -> Bool) -> Self {
        var field = self
        field.applies = applies
        return field
    }

    /// The field asked only when `condition` holds as well as its own.
    func askedOnly(when condition: @escaping (Form.Answers) -> Bool) -> Self {
        let own = applies
        return asked(when: { own($0) && condition($0) })
    }
}
