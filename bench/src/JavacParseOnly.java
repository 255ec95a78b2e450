import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Benchmark B6's floor: javac parses every {@code .java} file under a directory, one thread, and
 * does nothing else (no symbols, no attribution). Prints "parsed N files".
 */
public final class JavacParseOnly {
  public static void main(String[] args) throws Exception {
    List<File> files;
    try (Stream<Path> walk = Files.walk(Path.of(args[0]))) {
      files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toFile).toList();
    }
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    try (StandardJavaFileManager manager =
        compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      JavacTask task = (JavacTask) compiler.getTask(null, manager, diagnostic -> { },
          List.of("-proc:none"), null, manager.getJavaFileObjectsFromFiles(files));
      int count = 0;
      for (CompilationUnitTree unit : task.parse()) {
        count++;
      }
      System.out.println("parsed " + count + " files");
    }
  }
}
