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
    /// One question: an option (`--amount`) or a positional argument (`<title>`) of the command.
    public struct Field {
        /// The option's name, or the argument's.
        public let name: String
        public let label: String
        public let required: Bool
        /// Whether it is asked, given the answers so far (a rate only for another currency).
        var applies: (Answers) -> Bool = { _ in true }
        /// The label as the answers so far make it (a rate names its two currencies).
        var labelling: ((Answers) -> String)?
        /// The default shown in brackets, given the answers so far.
        var suggestion: (Answers) -> String? = { _ in nil }
        /// TAB's candidates for what is typed so far.
        var completion: ((String) -> [String])?
        /// Checks an answer (throwing the option's own error) and returns it as the command takes it.
        var check: (String, Answers) throws -> String = { text, _ in text }

        /// A positional argument's field (`<title>`), or one that is no option at all.
        public init(_ name: String, _ label: String, required: Bool = false) {
            self.name = name
            self.label = label
            self.required = required
        }

        /// An option's field: its answer becomes the option's value.
        public init(_ option: some OptionDeclaration, _ label: String, required: Bool = false) {
            self.init(option.spec.name, label, required: required)
        }
    }

    /// The values given on the command line and answered so far, by field name.
    public typealias Answers = [String: String]

    /// Said once before the first question.
    public let heading: String
    public let fields: [Field]

    public static let cancelled = ExpenseError(.refused, "cancelled", hint: "nothing was written")

    /// Asks for every field that `invocation` did not give, and puts the answers into it.
    /// - Throws: `Form.cancelled` on Ctrl-C or Ctrl-D.
    public func fill(_ invocation: inout Invocation, reader: LineReader) throws {
        var given = Answers()
        for field in fields {
            if let value = invocation.value(forOptionNamed: field.name) ?? argument(field.name, of: invocation) { given[field.name] = value }
        }
        let answers = try ask(given: given, reader: reader)
        for field in fields where given[field.name] == nil {
            if let answer = answers[field.name] { set(answer, for: field.name, in: &invocation) }
        }
    }

    /// Asks for every field not in `given` that applies, in order.
    /// - Returns: `given` with the answers; an optional field left empty has none.
    /// - Throws: `Form.cancelled` on Ctrl-C or Ctrl-D.
    public func ask(given: Answers, reader: LineReader) throws -> Answers {
        var answers = given
        var headed = false
        for field in fields where answers[field.name] == nil && field.applies(answers) {
            if !headed {
                Console.write(heading + " (Enter takes the [default]; Ctrl-C cancels)\n")
                headed = true
            }
            answers[field.name] = try ask(field, answers: answers, reader: reader)
        }
        return answers
    }

    /// One field, asked until it has a good answer; nil for an optional field left empty.
    private func ask(_ field: Field, answers: Answers, reader: LineReader) throws -> String? {
        let suggestion = field.suggestion(answers)
        let label = field.labelling?(answers) ?? field.label
        let prompt = "  " + label + (suggestion.map { " [\($0)]" } ?? (field.required ? "" : " (optional)")) + ": "
        while true {
            switch reader.read(prompt: TerminalText.visible(prompt, keepingLineBreaks: false), completion: field.completion) {
            case .end:
                Console.write("\n")   // Ctrl-D leaves the cursor after the prompt
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
                    return try field.check(text, answers)
                } catch let error as ExpenseError {
                    Console.error(ErrorPresenter.lines(error, prefix: "expenses: error: "))
                } catch let error as UsageError {
                    Console.error("expenses: error: \(error.message)\n")
                }
            }
        }
    }

    private func argument(_ name: String, of invocation: Invocation) -> String? {
        guard let position = invocation.spec.arguments.firstIndex(where: { $0.name == name }),
              position < invocation.arguments.count else { return nil }
        return invocation.arguments[position]
    }

    private func set(_ answer: String, for name: String, in invocation: inout Invocation) {
        if let position = invocation.spec.arguments.firstIndex(where: { $0.name == name }) {
            // Positional arguments are asked in order, so this one comes next.
            if position == invocation.arguments.count { invocation.arguments.append(answer) }
        } else {
            invocation.set(answer, forOptionNamed: name)
        }
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

    func checking(_ check: @escaping (String, Form.Answers) throws -> String) -> Self {
        var field = self
        field.check = check
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

extension Form.Answers {
    /// The answer for an option's field.
    subscript(option: some OptionDeclaration) -> String? { self[option.spec.name] }
}
