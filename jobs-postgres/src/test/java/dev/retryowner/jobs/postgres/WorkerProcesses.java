package dev.retryowner.jobs.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts {@link WorkerProcess} JVMs for a test (this JVM's java and class path) and always
 * destroys them after it. Each process writes its output to {@code
 * target/worker-processes/<test>-<n>.log}; when the test failed, the logs are printed.
 */
final class WorkerProcesses implements BeforeEachCallback, AfterEachCallback {
  private static final Path LOGS = Path.of("target", "worker-processes");

  private final List<Process> started = new ArrayList<>();
  private final List<Path> logs = new ArrayList<>();
  private String testName = "worker";

  /** Starts a worker on {@code jdbcUrl} running {@code handler} with {@code options}. */
  Process start(String jdbcUrl, String handler, String... options) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-cp", System.getProperty("java.class.path"),
        WorkerProcess.class.getName(), jdbcUrl, handler));
    command.addAll(List.of(options));
    try {
      Files.createDirectories(LOGS);
      Path log = LOGS.resolve(testName + "-" + (logs.size() + 1) + ".log");
      Process process = new ProcessBuilder(command)
          .redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .start();
      started.add(process);
      logs.add(log);
      return process;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start a worker process: " + command, e);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    testName = context.getRequiredTestClass().getSimpleName() + "-"
        + context.getRequiredTestMethod().getName();
  }

  /**
   * Waits until {@code worker} has started its runtime (it says so on its output).
   *
   * @throws AssertionError if it died or did not start within 30 s
   */
  void awaitRunning(Process worker) throws InterruptedException {
    Path log = logs.get(started.indexOf(worker));
    FaultTestJobs.await("worker " + worker.pid() + " to start (" + log + ")",
        Duration.ofSeconds(30), () -> {
          if (!worker.isAlive()) {
            throw new AssertionError("worker " + worker.pid() + " died: " + read(log));
          }
          return read(log).contains(WorkerProcess.RUNNING);
        });
  }

  /** What {@code worker} has written so far. */
  String output(Process worker) {
    return read(logs.get(started.indexOf(worker)));
  }

  private static String read(Path log) {
    try {
      return Files.readString(log, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read " + log, e);
    }
  }

  /** Kills {@code worker} at once (SIGKILL: no shutdown hook, no finally) and waits for it. */
  static void kill(Process worker) throws InterruptedException {
    worker.destroyForcibly();
    if (!worker.waitFor(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("worker " + worker.pid() + " did not die of SIGKILL");
    }
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    for (Process process : started) {
      kill(process);
    }
    if (context.getExecutionException().isPresent()) {
      for (Path log : logs) {
        System.out.println("==== " + log + " ====");
        System.out.println(read(log));
      }
    }
  }
}
