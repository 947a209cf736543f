/// The shell completion scripts printed by `expenses completion SHELL`. Each asks the binary
/// itself for candidates (`expenses __complete -- WORDS... CURRENT`), so they stay right as
/// commands, reports and categories change.
enum CompletionScripts {
    /// Candidates are data, never shell: a quick-action type comes from a catalog, a title from
    /// the database. bash reads them a line at a time and keeps those that start with the word
    /// being typed; `compgen -W` expanded its words (a type with `...` or $(...) in it ran at
    /// TAB), and an unquoted `$(...)` split them and matched them as globs.
    static let bash = #"""
        # bash completion for expenses; load with: source <(expenses completion bash)
        _expenses() {
            local current=${COMP_WORDS[COMP_CWORD]}
            local candidate
            local -a candidates=()
            COMPREPLY=()
            # Each candidate is a line of text, used as it is: no expansion, no globbing.
            while IFS= read -r candidate; do
                candidates+=("$candidate")
            done < <("${COMP_WORDS[0]}" __complete -- "${COMP_WORDS[@]:1:COMP_CWORD-1}" "$current" 2>/dev/null)
            if [ "${#candidates[@]}" -eq 1 ] && [ "${candidates[0]}" = ":files" ]; then
                while IFS= read -r candidate; do
                    COMPREPLY+=("$candidate")
                done < <(compgen -f -- "$current")
            else
                for candidate in "${candidates[@]}"; do
                    if [[ $candidate == "$current"* ]]; then
                        COMPREPLY+=("$candidate")
                    fi
                done
            fi
        }
        complete -o filenames -F _expenses expenses
        """#

    static let zsh = #"""
        #compdef expenses
        # zsh completion for expenses; save as _expenses in a directory on $fpath, or source it
        _expenses() {
            local -a candidates
            candidates=("${(@f)$("${words[1]}" __complete -- "${(@)words[2,CURRENT-1]}" "${words[CURRENT]}" 2>/dev/null)}")
            if [[ "${candidates[1]}" == ":files" ]]; then
                _files
            elif (( ${#candidates} )) && [[ -n "${candidates[1]}" ]]; then
                compadd -- "${candidates[@]}"
            fi
        }
        # Autoloaded from $fpath, this file is the body of _expenses, run at the first TAB: complete
        # now. Sourced, it registers the function.
        if [[ "${funcstack[1]}" == "_expenses" ]]; then
            _expenses "$@"
        else
            compdef _expenses expenses
        fi
        """#

    static let fish = #"""
        # fish completion for expenses; save as ~/.config/fish/completions/expenses.fish
        function __expenses_complete
            set -l words (commandline -opc)
            set -l current (commandline -ct)
            set -l candidates ($words[1] __complete -- $words[2..-1] "$current" 2>/dev/null)
            if test "$candidates" = ":files"
                __fish_complete_path "$current"
            else
                printf '%s\n' $candidates
            end
        end
        complete -c expenses -f -a '(__expenses_complete)'
        """#
}
