package dev.retryowner.source;

import dev.retryowner.catalog.CallAfterFailure;
import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The source engine as a gate run uses it: the bytecode findings' declaration lines pinned from
 * the sources, and the source checks' own findings, one a statement for the ForbiddenUse rules.
 * Each file is parsed once for every check and pinner, and dropped once they are done with it;
 * files some check may match, or with a bytecode finding to pin, are parsed ahead on every core
 * ({@link JavaSources#forEachFile}). A file only HandRolledRetry reads is parsed without the
 * bodies of the methods it cannot read ({@link ParseScope}).
 */
public final class SourceEngine {
  private final GateConfig config;
  private final TypeRelations relations;
  private final JavaSources sources;

  public SourceEngine(GateConfig config, TypeRelations relations, JavaSources sources) {
    this.config = config;
    this.relations = relations;
    this.sources = sources;
  }

  /**
   * What the engine tells the rest of a gate run.
   *
   * @param findings the bytecode findings with their lines pinned, and the source checks' own
   * @param callsAfterFailure where the checked files call a method after a failure, for the
   *     whole-program step to see which of those calls hand failed work to a retry
   */
  public record Result(List<Finding> findings, List<CallAfterFailure> callsAfterFailure) {}

  /**
   * The bytecode findings with their declaration lines pinned, then the source checks'
   * findings, over the {@code .java} files under the roots; a ForbiddenUse rule's findings in one
   * statement become one, at the statement's first line. A bytecode finding whose file is not
   * under the roots keeps its line.
   */
  public Result run(List<Path> sourceRoots, List<Finding> bytecodeFindings) throws IOException {
    LocalTypeCheck localTypes = new LocalTypeCheck(config, relations, sources);
    HandRolledRetryCheck handRolled = new HandRolledRetryCheck(config, relations, sources);
    HttpClientRetriesCheck clients = new HttpClientRetriesCheck(config, relations, sources);
    Map<String, List<Finding>> bytecodeByFile = new LinkedHashMap<>();
    bytecodeFindings.forEach(finding -> bytecodeByFile
        .computeIfAbsent(finding.sourcePath(), path -> new ArrayList<>()).add(finding));
    Set<String> filesToPin = Set.copyOf(bytecodeByFile.keySet());
    List<Finding> findings = new ArrayList<>();
    List<CallAfterFailure> callsAfterFailure = new ArrayList<>();
    ParseScope methodsHandRolledReads = ParseScope.methodsWhere(handRolled::mayRead);
    sources.forEachFile(sourceRoots, file -> {
      if (filesToPin.contains(file.sourcePath()) || localTypes.mayMatch(file)
          || clients.checks(file)) {
        return Optional.of(ParseScope.WHOLE_FILE);
      }
      return Optional.of(methodsHandRolledReads).filter(scope -> handRolled.mayMatch(file));
    }, file -> {
      List<Finding> pinned;
      HandRolledRetryCheck.Checked handRolledHere;
      try {
        List<Finding> inFile = new ArrayList<>(new DeclarationLinePinner(sourceRoots,
            relations, sources).pin(bytecodeByFile.getOrDefault(file.sourcePath(), List.of())));
        inFile.addAll(localTypes.findingsIn(file));
        handRolledHere = handRolled.checked(file);
        inFile.addAll(handRolledHere.findings());
        inFile.addAll(clients.findingsIn(file));
        pinned = new StatementLinePinner(sourceRoots, sources).pin(inFile);
      } catch (StackOverflowError tooDeep) {
        // A walk of a deeply nested tree; the file's bytecode findings keep their lines.
        sources.skipTooDeep(file.file());
        return;
      }
      bytecodeByFile.remove(file.sourcePath());
      callsAfterFailure.addAll(handRolledHere.callsAfterFailure());
      findings.addAll(pinned);
    });
    bytecodeByFile.values().forEach(findings::addAll);
    return new Result(findings, callsAfterFailure);
  }
}
