def log = new File(basedir, 'build.log').text
println log
assert false
