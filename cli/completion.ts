import type { Command, Option } from 'commander';

/** The shells `ensemble completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** The command path after `ensemble`, words joined by one space ('' for the root). */
  readonly path: string;
  readonly subcommands: readonly { name: string; description: string }[];
  readonly options: readonly { flag: string; description: string; takesValue: boolean; choices: readonly string[] }[];
}

const optionFlags = (option: Option): string[] => [option.long, option.short].filter((flag): flag is string => typeof flag === 'string');

/** Every command of the tree with its subcommands and its own and inherited options. */
function walk(root: Command): Node[] {
  const nodes: Node[] = [];
  const visit = (command: Command, path: string, inherited: readonly Option[]) => {
    const own = command.options as readonly Option[];
    const all = [...inherited, ...own];
    nodes.push({
      path,
      // A command's first argument with fixed choices (`completion <shell>`) completes like subcommands.
      subcommands: [
        ...command.commands.map((c) => ({ name: c.name(), description: c.description() })),
        ...(command.registeredArguments[0]?.argChoices ?? []).map((name) => ({ name, description: command.registeredArguments[0]?.description ?? '' })),
      ],
      options: all.flatMap((o) =>
        optionFlags(o).map((flag) => ({ flag, description: o.description, takesValue: o.required || o.optional, choices: o.argChoices ?? [] })),
      ),
    });
    for (const sub of command.commands) visit(sub, path === '' ? sub.name() : `${path} ${sub.name()}`, path === '' ? own : inherited);
  };
  visit(root, '', []);
  return nodes;
}

const ENVIRONMENTS = ['production', 'sandbox', 'local'];

const shellWord = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** Values offered after an option that takes one, per command path: its choices, the environments after --env. */
function valueCases(nodes: readonly Node[]): { path: string; flag: string; values: readonly string[] }[] {
  return nodes.flatMap((node) =>
    node.options
      .filter((o) => o.flag.startsWith('--') && (o.flag === '--env' || o.choices.length > 0))
      .map((o) => ({ path: node.path, flag: o.flag, values: o.flag === '--env' ? ENVIRONMENTS : o.choices })),
  );
}

const longFlags = (node: Node): string[] => [...new Set(node.options.map((o) => o.flag).filter((flag) => flag.startsWith('--')))];

function bashScript(nodes: readonly Node[]): string {
  const takingValue = [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).map((o) => o.flag)))].sort();
  const commandCases = nodes.map((node) => `    ${shellWord(node.path)}) commands=${shellWord(node.subcommands.map((s) => s.name).join(' '))}; flags=${shellWord(longFlags(node).join(' '))} ;;`).join('\n');
  const values = valueCases(nodes)
    .map(({ path, flag, values: words }) => `    ${shellWord(`${path}|${flag}`)}) COMPREPLY=( $(compgen -W ${shellWord(words.join(' '))} -- "$cur") ); return 0 ;;`)
    .join('\n');
  const known = nodes.filter((n) => n.path !== '').map((n) => shellWord(n.path)).join('|');
  return `# bash completion for ensemble (the support tool). Load it with:
#   source <(ensemble completion bash)
# or save it as ~/.local/share/bash-completion/completions/ensemble
_ensemble() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" at="" word next i skip=0
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for (( i = 1; i < COMP_CWORD; i++ )); do
    word="\${COMP_WORDS[i]}"
    if (( skip )); then skip=0; continue; fi
    case "$word" in
      ${takingValue.length > 0 ? `${takingValue.join('|')}) skip=1; continue ;;` : ''}
      -*) continue ;;
    esac
    next="\${at:+$at }$word"
    case "$next" in
      ${known}) at="$next" ;;
    esac
  done
  case "$at|$prev" in
${values}
  esac
  local commands="" flags=""
  case "$at" in
${commandCases}
  esac
  if [[ "$cur" == -* || -z "$commands" ]]; then
    COMPREPLY=( $(compgen -W "$flags" -- "$cur") )
  else
    COMPREPLY=( $(compgen -W "$commands" -- "$cur") )
  fi
}
complete -o default -F _ensemble ensemble
`;
}

function zshScript(nodes: readonly Node[]): string {
  // zsh runs the bash function (it avoids `path`, which zsh ties to PATH) through its bash-completion layer (bashcompinit), so both shells offer the same words.
  return `#compdef ensemble
# zsh completion for ensemble (the support tool). Load it with:
#   source <(ensemble completion zsh)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${bashScript(nodes).split('\n').filter((line) => !line.startsWith('#')).join('\n')}`;
}

function fishScript(nodes: readonly Node[]): string {
  const fishWord = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const known = nodes.filter((n) => n.path !== '').map((n) => fishWord(n.path)).join(' ');
  const takingValue = [...new Set(nodes.flatMap((n) => n.options.filter((o) => o.takesValue).map((o) => o.flag)))].map(fishWord).join(' ');
  const lines = [
    '# fish completion for ensemble (the support tool). Load it with:',
    '#   ensemble completion fish | source',
    '# or save it as ~/.config/fish/completions/ensemble.fish',
    'function __ensemble_path',
    '    set -l words (commandline -opc)',
    `    set -l known ${known}`,
    `    set -l taking ${takingValue}`,
    "    set -l path ''",
    '    set -l skip 0',
    '    for word in $words[2..-1]',
    '        if test $skip -eq 1; set skip 0; continue; end',
    '        if contains -- $word $taking; set skip 1; continue; end',
    "        if string match -q -- '-*' $word; continue; end",
    '        set -l next (string trim -- "$path $word")',
    '        if contains -- $next $known; set path $next; end',
    '    end',
    '    echo $path',
    'end',
    'function __ensemble_at',
    '    set -l path (__ensemble_path)',
    '    test "$path" = "$argv[1]"',
    'end',
    'complete -c ensemble -f',
  ];
  for (const node of nodes) {
    const when = `-n ${fishWord(`__ensemble_at ${fishWord(node.path)}`)}`;
    for (const sub of node.subcommands) lines.push(`complete -c ensemble ${when} -a ${fishWord(sub.name)} -d ${fishWord(sub.description.slice(0, 60))}`);
    for (const option of node.options.filter((o) => o.flag.startsWith('--'))) {
      const values = option.flag === '--env' ? ENVIRONMENTS : option.choices;
      const takes = option.takesValue ? ` -r${values.length > 0 ? ` -a ${fishWord(values.join(' '))}` : ''}` : '';
      lines.push(`complete -c ensemble ${when} -l ${option.flag.slice(2)}${takes} -d ${fishWord(option.description.slice(0, 60))}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of `shell` for the whole command tree of `program`. */
export function completionScript(program: Command, shell: Shell): string {
  const nodes = walk(program);
  return shell === 'bash' ? bashScript(nodes) : shell === 'zsh' ? zshScript(nodes) : fishScript(nodes);
}
