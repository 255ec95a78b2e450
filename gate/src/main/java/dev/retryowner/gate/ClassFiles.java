package dev.retryowner.gate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;

/** Reads class files of a directory or a jar by their entry path. */
interface ClassFiles extends AutoCloseable {
  byte[] read(String entry);

  @Override
  void close() throws IOException;

  static ClassFiles open(Path location) throws IOException {
    if (Files.isDirectory(location)) {
      return new ClassFiles() {
        @Override
        public byte[] read(String entry) {
          Path file = location.resolve(entry);
          try {
            return Files.readAllBytes(file);
          } catch (IOException e) {
            // The listing takes a name ending in .class for a file without asking.
            if (Files.isDirectory(file)) {
              throw new UncheckedIOException(new IOException(file + " is a directory named"
                  + " like a class file; rename or remove it.", e));
            }
            throw new UncheckedIOException(e);
          }
        }

        @Override
        public void close() {}
      };
    }
    JarFile jar = new JarFile(location.toFile());
    return new ClassFiles() {
      @Override
      public byte[] read(String entry) {
        try (InputStream in = jar.getInputStream(jar.getEntry(entry))) {
          return in.readAllBytes();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public void close() throws IOException {
        jar.close();
      }
    };
  }
}
