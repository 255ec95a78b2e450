package dev.retryowner.maven.source;

import dev.retryowner.catalog.Finding;
import dev.retryowner.catalog.GateConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The source engine as a gate run uses it: the bytecode findings' declaration lines pinned from
 * the sources, and the source checks' own findings, one a statement for the ForbiddenUse rules. Files some check may match are parsed ahead,
 * in parallel; the checks then run one file at a time.
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
   * The bytecode findings with their declaration lines pinned, then the source checks'
   * findings, over the {@code .java} files under the roots; a ForbiddenUse rule's findings in one
   * statement become one, at the statement's first line.
   */
  public List<Finding> findings(List<Path> sourceRoots, List<Finding> bytecodeFindings)
      throws IOException {
    LocalTypeCheck localTypes = new LocalTypeCheck(config, relations, sources);
    HandRolledRetryCheck handRolled = new HandRolledRetryCheck(config, relations, sources);
    HttpClientRetriesCheck clients = new HttpClientRetriesCheck(config, relations, sources);
    sources.parseAhead(sourceRoots, text -> localTypes.mayMatch(text)
        || HandRolledRetryCheck.mayMatch(text) || clients.mayMatch(text));
    List<Finding> findings = new ArrayList<>(
        new DeclarationLinePinner(sourceRoots, relations, sources).pin(bytecodeFindings));
    findings.addAll(localTypes.findings(sourceRoots));
    findings.addAll(handRolled.findings(sourceRoots));
    findings.addAll(clients.findings(sourceRoots));
    return new StatementLinePinner(sourceRoots, sources).pin(findings);
  }
}
