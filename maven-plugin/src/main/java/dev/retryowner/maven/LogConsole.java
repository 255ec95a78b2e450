package dev.retryowner.maven;

import dev.retryowner.gate.GateConclusion;
import org.apache.maven.plugin.logging.Log;

/** A goal's Maven log, as the gate's console. */
final class LogConsole implements GateConclusion.Console {
  private final Log log;

  LogConsole(Log log) {
    this.log = log;
  }

  @Override
  public void info(CharSequence line) {
    log.info(line);
  }

  @Override
  public void warn(CharSequence line) {
    log.warn(line);
  }

  @Override
  public void error(CharSequence line) {
    log.error(line);
  }
}
