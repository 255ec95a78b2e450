package dev.retryowner.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;

/** Keeps what a Mojo logs, per level. */
final class CapturingLog extends SystemStreamLog {
  final List<String> infos = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();
  final List<String> errors = new ArrayList<>();

  @Override
  public void info(CharSequence content) {
    infos.add(content.toString());
  }

  @Override
  public void warn(CharSequence content) {
    warnings.add(content.toString());
  }

  @Override
  public void error(CharSequence content) {
    errors.add(content.toString());
  }
}
