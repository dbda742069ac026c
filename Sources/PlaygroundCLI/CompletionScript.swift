import ArgumentParser
import PlaygroundCommands

/// `--generate-completion-script [SHELL]`: argument-parser's script, with one addition for bash.
/// Without a subcommand the program is its default subcommand, the window, and that is how it is
/// usually run (`parallax-playground --scene photos`); argument-parser's bash script offers only
/// subcommands after the program's name, so `--sc<Tab>` found nothing and `--scene <Tab>`
/// offered subcommands. The addition completes such words as the default subcommand's.
enum CompletionScript {
    static let option = "--generate-completion-script"

    /// The script these arguments ask for, in the forms argument-parser reads
    /// (`--generate-completion-script bash`, `--generate-completion-script=bash`, or no shell:
    /// the login shell's); nil for anything else, which argument-parser answers itself (an
    /// unknown shell's error included).
    static func requested(by arguments: [String]) -> String? {
        let shell: CompletionShell?
        switch arguments.count {
        case 1 where arguments[0] == option: shell = .autodetected()
        case 1 where arguments[0].hasPrefix(option + "="): shell = CompletionShell(rawValue: String(arguments[0].dropFirst(option.count + 1)))
        case 2 where arguments[0] == option: shell = CompletionShell(rawValue: arguments[1])
        default: return nil
        }
        return shell.map(script(for:))
    }

    static func script(for shell: CompletionShell) -> String {
        let generated = ParallaxPlayground.completionScript(for: shell)
        guard shell == .bash, let defaultCommand = ParallaxPlayground.configuration.defaultSubcommand else { return generated }
        return generated + (generated.hasSuffix("\n") ? "" : "\n")
            + bashDefaultSubcommand(program: ParallaxPlayground._commandName, defaultName: defaultCommand._commandName)
    }

    /// A completion function registered in place of argument-parser's `_PROGRAM`: it calls it
    /// with the default subcommand's name put after the program's in the words (and the line)
    /// when the first word is not a subcommand's (argument-parser defines `_PROGRAM_NAME` for
    /// each subcommand) and is not the one being completed, or is being completed and starts
    /// like an option or a path (-, /, ~, .: the window's folder or photo). A first word being
    /// completed otherwise still offers the subcommands.
    static func bashDefaultSubcommand(program: String, defaultName: String) -> String {
        """

        # Added by \(program): the words after the program's name are the default subcommand's
        # (\(defaultName)) unless the first names a subcommand.
        _\(program)_or_\(defaultName)() {
            local first="${COMP_WORDS[1]-}"
            if { [[ "${COMP_CWORD}" -gt 1 ]] && ! declare -F "_\(program)_${first}" >/dev/null; } \\
                || { [[ "${COMP_CWORD}" -eq 1 ]] && [[ "${first}" == [-/~.]* ]]; }; then
                local -a words=("${COMP_WORDS[0]}" \(defaultName) "${COMP_WORDS[@]:1}")
                local head="${COMP_LINE%%"${COMP_WORDS[0]}"*}${COMP_WORDS[0]}"
                local line="${head} \(defaultName)${COMP_LINE:${#head}}"
                local -a COMP_WORDS=("${words[@]}")
                local COMP_LINE="${line}"
                local -i COMP_POINT=$((COMP_POINT + \(defaultName.count + 1)))
                local -i COMP_CWORD=$((COMP_CWORD + 1))
                _\(program) "${1}" "${2}" "${COMP_WORDS[COMP_CWORD - 1]}"
                return
            fi
            _\(program) "${@}"
        }
        complete -o filenames -F _\(program)_or_\(defaultName) \(program)
        """
    }
}
