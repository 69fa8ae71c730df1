"""Beyond one GPU: TF_CONFIG checked the way tf.distribute reads it (:mod:`.tf_config`), and a real
two-worker MultiWorkerMirroredStrategy job on loopback (:mod:`.smoke`). TensorFlow's own engine does
the distribution; this package only runs it and explains what went wrong."""
