package dev.retryowner.maven.cache;

import dev.retryowner.maven.GateException;
import dev.retryowner.maven.GateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reuses the last gate result when nothing it depends on changed: a no-change re-run of a build
 * then costs the key (hashing the inputs) instead of the import and every rule. The result is
 * stored in one file with the key of its inputs; a run with another key runs the gate and
 * replaces it. The reused result goes through the same baseline, reports and console output as a
 * fresh one; its time is the time of the reuse.
 */
public final class GateCache {
  private final Path file;
  private final Consumer<String> info;
  private final Consumer<String> warn;

  /** A cache kept in {@code file}, saying a reuse with {@code info} and problems with {@code warn}. */
  public GateCache(Path file, Consumer<String> info, Consumer<String> warn) {
    this.file = file;
    this.info = info;
    this.warn = warn;
  }

  /**
   * The cache of one goal ({@code goal} names it, so that check and test-check keep their own)
   * in {@code directory}.
   */
  public static GateCache in(Path directory, String goal, Consumer<String> info,
      Consumer<String> warn) {
    return new GateCache(directory.resolve("gate-cache-" + goal + ".txt"), info, warn);
  }

  /** The gate's result: the stored one if {@code key} computes to its key, else a fresh run. */
  public GateResult result(Key key, Gate gate) throws GateException {
    long start = System.nanoTime();
    String computed;
    try {
      computed = key.compute();
    } catch (IOException e) {
      warn.accept("retry-owner: cannot tell whether anything changed since the last run ("
          + e.getMessage() + "); running the gate without its cache");
      return gate.run();
    }
    Optional<GateResult> stored = GateResultFile.read(file, computed);
    if (stored.isPresent()) {
      info.accept("retry-owner: nothing changed since the last run (classes, sources, class"
          + " path, settings, catalogs, plugin); reusing its result from " + file
          + " (-Dretryowner.cache=false turns this off)");
      GateResult reused = stored.get();
      return new GateResult(reused.findings(), reused.classCount(), reused.sourceFileCount(),
          Duration.ofNanos(System.nanoTime() - start), reused.warnings(), reused.exempted());
    }
    GateResult fresh = gate.run();
    try {
      GateResultFile.write(file, computed, fresh);
    } catch (IOException e) {
      warn.accept("retry-owner: cannot store the result for the next run in " + file + " ("
          + e.getMessage() + "); the next run will check everything again");
    }
    return fresh;
  }

  /** Computes the key of the inputs. */
  @FunctionalInterface
  public interface Key {
    String compute() throws IOException;
  }

  /** Runs the gate. */
  @FunctionalInterface
  public interface Gate {
    GateResult run() throws GateException;
  }
}
