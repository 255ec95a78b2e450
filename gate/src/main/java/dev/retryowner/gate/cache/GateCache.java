package dev.retryowner.gate.cache;

import dev.retryowner.gate.GateException;
import dev.retryowner.gate.GateResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reuses the last gate result when nothing it depends on changed: a no-change re-run of a build
 * then costs the key (the inputs' hashes, recalled for files whose size and times did not change)
 * instead of the import and every rule. The result is stored in one file with the key of its
 * inputs, the files' hashes in another; a run with another key runs the gate and replaces the
 * result. The reused result goes through the same baseline and console output as a fresh one;
 * its time is the time of the reuse. The key also tells the reports whether the files already say
 * what they would say ({@code ReportFiles}).
 */
public final class GateCache {
  private final Path directory;
  private final Path resultFile;
  private final Path hashesFile;
  private final Consumer<String> info;
  private final Consumer<String> warn;

  private GateCache(Path directory, String goal, Consumer<String> info, Consumer<String> warn) {
    this.directory = directory;
    this.resultFile = directory.resolve("gate-cache-" + goal + ".txt");
    this.hashesFile = directory.resolve("gate-cache-" + goal + "-files.txt");
    this.info = info;
    this.warn = warn;
  }

  /**
   * The cache of one goal ({@code goal} names it, so that check and test-check keep their own)
   * in {@code directory}, saying a reuse with {@code info} and problems with {@code warn}.
   */
  public static GateCache in(Path directory, String goal, Consumer<String> info,
      Consumer<String> warn) {
    return new GateCache(directory, goal, info, warn);
  }

  /**
   * The gate's result: the stored one if {@code key} computes to its key, else a fresh run; with
   * the key, unless it could not be computed.
   */
  public Outcome run(Key key, Gate gate) throws GateException {
    long start = System.nanoTime();
    String computed;
    try {
      FileHashes hashes = FileHashes.recordedIn(hashesFile, FileHashes.fileSystemTime(directory));
      computed = key.compute(hashes);
      recordHashes(hashes);
    } catch (IOException e) {
      warn.accept("retry-owner: cannot tell whether anything changed since the last run ("
          + e.getMessage() + "); running the gate without its cache");
      return new Outcome(gate.run(), Optional.empty());
    }
    Optional<GateResult> stored = GateResultFile.read(resultFile, computed);
    if (stored.isPresent()) {
      info.accept("retry-owner: nothing changed since the last run (classes, sources, class"
          + " path, settings, catalogs, plugin); reusing its result from " + resultFile
          + " (-Dretryowner.cache=false turns this off)");
      GateResult reused = stored.get();
      return new Outcome(new GateResult(reused.findings(), reused.classCount(),
          reused.sourceFileCount(), Duration.ofNanos(System.nanoTime() - start),
          reused.warnings(), reused.exempted(), reused.amplification()), Optional.of(computed));
    }
    GateResult fresh = gate.run();
    try {
      GateResultFile.write(resultFile, computed, fresh);
    } catch (IOException e) {
      warn.accept("retry-owner: cannot store the result for the next run in " + resultFile + " ("
          + e.getMessage() + "); the next run will check everything again");
    }
    return new Outcome(fresh, Optional.of(computed));
  }

  /** Keeps the hashes for the next key; without them it reads every file again, nothing worse. */
  private void recordHashes(FileHashes hashes) {
    try {
      hashes.record(hashesFile);
    } catch (IOException e) {
      warn.accept("retry-owner: cannot store the files' hashes for the next run in " + hashesFile
          + " (" + e.getMessage() + "); the next run will read every file again");
    }
  }

  /**
   * A gate result and the key of the inputs it was computed from (the same key, the same
   * result), or empty when the key could not be computed.
   */
  public record Outcome(GateResult result, Optional<String> key) {}

  /** Computes the key of the inputs. */
  @FunctionalInterface
  public interface Key {
    /** The key, hashing directory files through {@code hashes}. */
    String compute(FileHashes hashes) throws IOException;
  }

  /** Runs the gate. */
  @FunctionalInterface
  public interface Gate {
    GateResult run() throws GateException;
  }
}
