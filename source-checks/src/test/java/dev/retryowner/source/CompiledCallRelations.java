package dev.retryowner.source;

import java.util.List;

/** Relations by exact name only, with the calls javac compiled from one source file, for tests. */
final class CompiledCallRelations extends ExactNameRelations {
  private final String sourcePath;
  private final List<CompiledCall> calls;

  CompiledCallRelations(String sourcePath, List<CompiledCall> calls) {
    this.sourcePath = sourcePath;
    this.calls = calls;
  }

  @Override
  public List<CompiledCall> callsCompiledFrom(String path) {
    return path.equals(sourcePath) ? calls : List.of();
  }
}
