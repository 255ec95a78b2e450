import com.google.errorprone.ErrorProneTimings;
import com.sun.source.util.JavacTask;
import com.sun.source.util.Plugin;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.tools.javac.api.BasicJavacTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark B2's probe: a javac plugin that, when the compilation ends, writes the time Error
 * Prone measured in each of its checks ({@code ErrorProneTimings}, which it keeps in every run)
 * and in setting them up, one {@code name<TAB>milliseconds} line each, to the file its argument
 * names. It measures our checks inside one compile, where comparing whole compiles with and
 * without them drowns a few percent in the run-to-run noise.
 * Usage: javac ... -processorpath <Error Prone and the checks>:<this plugin>
 *        "-Xplugin:EpCheckTimes <output file>"
 */
public final class EpCheckTimes implements Plugin {
  @Override
  public String getName() {
    return "EpCheckTimes";
  }

  @Override
  public void init(JavacTask task, String... args) {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: -Xplugin:\"EpCheckTimes <output file>\"");
    }
    Path output = Path.of(args[0]);
    ErrorProneTimings timings = ErrorProneTimings.instance(((BasicJavacTask) task).getContext());
    task.addTaskListener(new TaskListener() {
      @Override
      public void finished(TaskEvent event) {
        if (event.getKind() != TaskEvent.Kind.COMPILATION) {
          return;
        }
        List<String> lines = new ArrayList<>();
        lines.add("(initialization)\t" + timings.initializationTime().toMillis());
        timings.timings().forEach((check, time) -> lines.add(check + "\t" + time.toMillis()));
        try {
          Files.write(output, lines);
        } catch (IOException e) {
          throw new UncheckedIOException("cannot write " + output, e);
        }
      }
    });
  }
}
