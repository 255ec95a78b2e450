package dev.retryowner.maven;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.signature.SignatureReader;
import org.objectweb.asm.signature.SignatureVisitor;

/**
 * What one class file names, read from its constant pool with ASM and without parsing a method
 * body: every type it refers to (class constants, and the types in every descriptor and generic
 * signature, which include annotation types, field, parameter and return types and type
 * arguments), every member name of its member references, and its direct supertypes and
 * class-level annotations. All type names are binary names ({@code com.acme.Outer$Inner}).
 *
 * @param className the class the file declares
 * @param parents the direct superclass, interfaces and class-level annotation types
 * @param types every type the constant pool names, the class itself included
 * @param memberNames the names of the fields and methods the class refers to or calls
 * @param sourcePath the source file javac recorded, as a path below a source root, if any
 */
record ClassFileReferences(String className, List<String> parents, Set<String> types,
    Set<String> memberNames, Optional<String> sourcePath) {
  private static final int UTF8 = 1;
  private static final int CLASS = 7;
  private static final int NAME_AND_TYPE = 12;

  /**
   * Reads a class file.
   *
   * @throws IllegalArgumentException or another runtime exception of ASM if the bytes are no
   *     class file
   */
  static ClassFileReferences read(byte[] bytes) {
    ClassReader reader = new ClassReader(bytes);
    Set<String> types = new HashSet<>();
    Set<String> memberNames = new HashSet<>();
    char[] buffer = new char[reader.getMaxStringLength()];
    for (int item = 1; item < reader.getItemCount(); item++) {
      int offset = reader.getItem(item);
      if (offset == 0) {
        continue; // the unused second slot of a long or double constant
      }
      switch (reader.readByte(offset - 1)) {
        case CLASS -> addClassConstant(reader.readUTF8(offset, buffer), types);
        case NAME_AND_TYPE -> memberNames.add(reader.readUTF8(offset, buffer));
        case UTF8 -> addSignatureTypes(bytes, offset, types);
        default -> { }
      }
    }
    Header header = header(reader);
    types.addAll(header.parents);
    return new ClassFileReferences(header.className, header.parents, types, memberNames,
        header.sourcePath);
  }

  /** The class name and parents only, for types the filter looks up by name. */
  static ClassFileReferences readHeader(byte[] bytes) {
    Header header = header(new ClassReader(bytes));
    return new ClassFileReferences(header.className, header.parents, Set.of(), Set.of(),
        header.sourcePath);
  }

  private static void addClassConstant(String internalName, Set<String> types) {
    if (internalName.startsWith("[")) {
      addSignatureTypes(internalName, types);
    } else {
      types.add(binaryName(internalName));
    }
  }

  /**
   * Descriptors and signatures start with one of these characters. A string constant may start
   * so too; parsing it yields at worst a few names that match nothing.
   */
  private static void addSignatureTypes(byte[] bytes, int offset, Set<String> types) {
    int length = ((bytes[offset] & 0xFF) << 8) | (bytes[offset + 1] & 0xFF);
    if (length < 2) {
      return;
    }
    byte first = bytes[offset + 2];
    if (first != '(' && first != '<' && first != 'L' && first != '[') {
      return;
    }
    try {
      addSignatureTypes(new DataInputStream(new ByteArrayInputStream(bytes, offset, length + 2))
          .readUTF(), types);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void addSignatureTypes(String signature, Set<String> types) {
    TypeCollector collector = new TypeCollector(types);
    try {
      if (signature.startsWith("[")) {
        new SignatureReader(signature).acceptType(collector);
      } else {
        new SignatureReader(signature).accept(collector);
      }
    } catch (RuntimeException notASignature) {
      // a string constant that only looked like one; the names read so far stay, which is safe
    }
  }

  private static String binaryName(String internalName) {
    return internalName.replace('/', '.');
  }

  private record Header(String className, List<String> parents, Optional<String> sourcePath) {}

  private static Header header(ClassReader reader) {
    String className = binaryName(reader.getClassName());
    List<String> parents = new ArrayList<>();
    if (reader.getSuperName() != null) {
      parents.add(binaryName(reader.getSuperName()));
    }
    for (String anInterface : reader.getInterfaces()) {
      parents.add(binaryName(anInterface));
    }
    String[] source = new String[1];
    reader.accept(new ClassVisitor(Opcodes.ASM9) {
      @Override
      public void visitSource(String file, String debug) {
        source[0] = file;
      }

      @Override
      public AnnotationVisitor visitAnnotation(String descriptor, boolean visible) {
        parents.add(Type.getType(descriptor).getClassName());
        return null;
      }
    }, ClassReader.SKIP_CODE | ClassReader.SKIP_FRAMES);
    int packageEnd = reader.getClassName().lastIndexOf('/');
    Optional<String> sourcePath = Optional.ofNullable(source[0])
        .map(file -> packageEnd < 0 ? file
            : reader.getClassName().substring(0, packageEnd + 1) + file);
    return new Header(className, parents, sourcePath);
  }

  /** Collects the class types of a signature, nested ones by their binary name. */
  private static final class TypeCollector extends SignatureVisitor {
    private final Set<String> types;
    /** The class types being read, innermost last: type arguments nest inside a type. */
    private final Deque<String> open = new ArrayDeque<>();

    TypeCollector(Set<String> types) {
      super(Opcodes.ASM9);
      this.types = types;
    }

    @Override
    public void visitClassType(String name) {
      open.push(binaryName(name));
      types.add(open.peek());
    }

    @Override
    public void visitInnerClassType(String name) {
      String outer = open.isEmpty() ? "" : open.pop() + "$";
      open.push(outer + name);
      types.add(open.peek());
    }

    @Override
    public void visitEnd() {
      open.poll();
    }
  }
}
