package dev.retryowner.gate;

import dev.retryowner.gate.ClassFileReferences;
import static org.assertj.core.api.Assertions.assertThat;

import dev.retryowner.fixtures.Fixtures;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * ClassFileReferences reads a class file's header by hand; ASM's visitor, which decodes every
 * field and method on the way, is the oracle it must agree with on real class files.
 */
class ClassFileReferencesTest {
  private static final int UTF8 = 1;
  /** Enough classes of each library for variety (annotations, Kotlin, nests), in seconds. */
  private static final int CLASSES_PER_LOCATION = 100;

  @Test
  void readsTheSameSupertypesAnnotationsAndSourceFileAsAsmOnFixtureAndLibraryClasses() throws IOException {
    for (byte[] bytes : fixtureAndLibraryClasses()) {
      ClassFileReferences read = ClassFileReferences.read(bytes, Set.of());
      Header expected = asmHeader(bytes);
      assertThat(read.supertypes()).as(read.className())
          .containsExactlyElementsOf(expected.supertypes());
      // ASM visits visible annotations before invisible ones, the file may hold them the other
      // way round; the annotations are a set to their users
      assertThat(read.annotations()).as(read.className())
          .containsExactlyInAnyOrderElementsOf(expected.annotations());
      assertThat(read.sourcePath()).as(read.className()).isEqualTo(expected.sourcePath());
    }
  }

  @Test
  void namesEveryTypeAsmFindsInTheConstantPoolsDescriptorsAndSignatures() throws IOException {
    for (byte[] bytes : fixtureAndLibraryClasses()) {
      ClassFileReferences read = ClassFileReferences.read(bytes, Set.of());

      assertThat(read.types()).as(read.className()).containsAll(asmSignatureTypes(bytes));
    }
  }

  @Test
  void readsTypeNamesBeyondAsciiInDescriptorsAndSignatures() {
    ClassWriter writer = new ClassWriter(0);
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "com/acme/Caller", null, "java/lang/Object",
        null);
    writer.visitField(Opcodes.ACC_PRIVATE, "size", "Lcom/acme/Größe;",
        "Lcom/acme/Box<Lcom/acme/Ärger;>;", null).visitEnd();
    // where the class file's modified UTF-8 differs from UTF-8: beyond the BMP, and NUL
    writer.visitField(Opcodes.ACC_PRIVATE, "sign", "Lcom/acme/Sign\uD835\uDD38;", null, null)
        .visitEnd();
    writer.visitField(Opcodes.ACC_PRIVATE, "nul", "Lcom/acme/Nul\u0000;", null, null).visitEnd();
    writer.visitEnd();

    assertThat(ClassFileReferences.read(writer.toByteArray(), Set.of()).types())
        .contains("com.acme.Größe", "com.acme.Box", "com.acme.Ärger", "com.acme.Sign\uD835\uDD38",
            "com.acme.Nul\u0000");
  }

  @Test
  void collectsTheOwnersOfReferencesToWatchedMemberNamesOnly() {
    ClassWriter writer = new ClassWriter(0);
    writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "com/acme/Caller", null, "java/lang/Object",
        null);
    writer.newMethod("com/acme/Worker", "pause", "()V", false);
    writer.newMethod("com/acme/Queue", "pause", "()V", true);
    writer.newField("com/acme/Clock", "pause", "J");
    writer.newMethod("com/acme/Other", "run", "()V", false);
    writer.visitEnd();

    assertThat(ClassFileReferences.read(writer.toByteArray(), Set.of("pause"))
        .watchedMemberOwners())
        .containsExactlyInAnyOrder("com.acme.Worker", "com.acme.Queue", "com.acme.Clock");
  }

  private static List<byte[]> fixtureAndLibraryClasses() throws IOException {
    List<byte[]> classFiles = new ArrayList<>();
    List<Path> locations = new ArrayList<>(FixtureGate.testClasspath());
    locations.add(Fixtures.classesLocation());
    for (Path location : locations) {
      classFiles.addAll(classFilesOf(location));
    }
    assertThat(classFiles).hasSizeGreaterThan(1_000);
    return classFiles;
  }

  private static List<byte[]> classFilesOf(Path location) throws IOException {
    List<byte[]> classFiles = new ArrayList<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> files = Files.walk(location)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".class"))
            .limit(CLASSES_PER_LOCATION).toList()) {
          classFiles.add(Files.readAllBytes(file));
        }
      }
      return classFiles;
    }
    try (JarFile file = new JarFile(location.toFile())) {
      for (JarEntry entry : file.stream().limit(CLASSES_PER_LOCATION).toList()) {
        if (entry.getName().endsWith(".class") && !entry.getName().startsWith("META-INF/")
            && !entry.getName().endsWith("module-info.class")) {
          classFiles.add(file.getInputStream(entry).readAllBytes());
        }
      }
    }
    return classFiles;
  }

  /**
   * The class types of every descriptor or signature in the constant pool, each parsed whole by
   * ASM's SignatureReader.
   */
  private static Set<String> asmSignatureTypes(byte[] bytes) throws IOException {
    ClassReader reader = new ClassReader(bytes);
    Set<String> types = new HashSet<>();
    SignatureVisitor collector = new SignatureVisitor(Opcodes.ASM9) {
      private String outer = "";

      @Override
      public void visitClassType(String name) {
        outer = name.replace('/', '.');
        types.add(outer);
      }

      @Override
      public void visitInnerClassType(String name) {
        outer = outer + "$" + name;
        types.add(outer);
      }
    };
    for (int item = 1; item < reader.getItemCount(); item++) {
      int offset = reader.getItem(item);
      if (offset == 0 || reader.readByte(offset - 1) != UTF8) {
        continue;
      }
      String value = new DataInputStream(new ByteArrayInputStream(bytes, offset,
          bytes.length - offset)).readUTF();
      // a descriptor or signature; a string constant such as "Lambda" is none
      boolean signature = value.startsWith("(") || value.startsWith("<")
          || (value.startsWith("L") || value.startsWith("[")) && value.endsWith(";");
      if (!signature) {
        continue;
      }
      try {
        if (value.startsWith("[")) {
          new SignatureReader(value).acceptType(collector);
        } else {
          new SignatureReader(value).accept(collector);
        }
      } catch (RuntimeException notASignature) {
        // a string constant that only looked like one
      }
    }
    return types;
  }

  private record Header(List<String> supertypes, List<String> annotations,
      Optional<String> sourcePath) {}

  private static Header asmHeader(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    List<String> supertypes = new ArrayList<>();
    if (reader.getSuperName() != null) {
      supertypes.add(reader.getSuperName().replace('/', '.'));
    }
    for (String anInterface : reader.getInterfaces()) {
      supertypes.add(anInterface.replace('/', '.'));
    }
    List<String> annotations = new ArrayList<>();
    String[] source = new String[1];
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public void visitSource(String file, String debug) {
        source[0] = file;
      }

      @Override
      public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
        annotations.add(Type.getType(descriptor).getClassName());
        return null;
      }
    }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
    String name = reader.getClassName();
    int packageEnd = name.lastIndexOf('/');
    return new Header(supertypes, annotations, Optional.ofNullable(source[0])
        .map(file -> name.substring(0, packageEnd + 1) + file));
  }
}
